import type { ReactNode } from 'react';

export interface Benefit {
  title: string;
  description: string;
  icon: ReactNode;
}

/** A line icon beside a card's title; decorative, so hidden from screen readers. */
function Icon({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}

/** The four benefit cards of the landing page, in the spec's order. */
export const BENEFITS: readonly Benefit[] = [
  {
    title: 'Resource Access',
    description: 'Download product photos and marketing pictures for your store, ads and social posts.',
    icon: (
      <Icon>
        <rect x="3" y="4" width="18" height="14" rx="2" />
        <path d="m3 15 5-5 4 4 3-3 6 6" />
        <path d="M12 21v-4m0 4-2-2m2 2 2-2" />
      </Icon>
    ),
  },
  {
    title: 'Free Website',
    description: 'Publish a ready-made dealer website with your own description and header image, at no cost.',
    icon: (
      <Icon>
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
      </Icon>
    ),
  },
  {
    title: 'Product Orders',
    description: 'Order products online and follow every order and invoice from one place.',
    icon: (
      <Icon>
        <path d="M3 4h2l2.4 11.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 8H6" />
        <circle cx="9" cy="20" r="1.3" />
        <circle cx="17" cy="20" r="1.3" />
      </Icon>
    ),
  },
  {
    title: 'Dealer Map',
    description: 'Hunters near you find your store on our dealer locator map.',
    icon: (
      <Icon>
        <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z" />
        <circle cx="12" cy="9.5" r="2.5" />
      </Icon>
    ),
  },
];
