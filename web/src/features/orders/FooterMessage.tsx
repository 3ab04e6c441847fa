import { Message } from '../../ui/Message';

/**
 * A dialog's notice shown above its buttons: always in view however far the body is scrolled, so it needs no
 * scrolling into view (which would scroll the dialog itself).
 */
export function FooterMessage({ text, tone }: { text: string | undefined; tone?: 'error' }) {
  return text ? (
    <div className="modal-footer-message">
      <Message text={text} tone={tone} />
    </div>
  ) : null;
}
