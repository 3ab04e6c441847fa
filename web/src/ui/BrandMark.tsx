/** The portal's mark: a blind in the treeline. Decorative; the company name always sits beside it. */
export function BrandMark({ size = 36 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#2f4a34" />
      <path d="M6 24 16 8l10 16z" fill="#d9c9a3" />
      <path d="M13 24l3-5 3 5z" fill="#2f4a34" />
    </svg>
  );
}
