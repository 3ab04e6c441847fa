/** The id of each page's <main>: the target of "Skip to content". */
export const CONTENT_ID = 'content';

/**
 * "Skip to content": the first focusable element of a page, so a keyboard user passes the header and the tabs in
 * one step. Hidden until focused (styles/global.css). Focus is moved by script as well as by the fragment, since
 * the fragment alone would leave it where it was in some browsers and would add a history entry.
 */
export function SkipLink() {
  return (
    <a
      className="skip-link"
      href={`#${CONTENT_ID}`}
      onClick={(event) => {
        const main = document.getElementById(CONTENT_ID);
        if (!main) return;
        event.preventDefault();
        main.focus();
        main.scrollIntoView();
      }}
    >
      Skip to content
    </a>
  );
}
