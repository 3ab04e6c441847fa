import { type MessageTone, messageTone } from './messageTone';
import './message.css';

interface MessageProps {
  text: string | null | undefined;
  /** overrides the rule for texts that are errors by context (e.g. the server's login `detail`) */
  tone?: MessageTone;
}

/** A notice under a form or on a panel; renders nothing when there is no text. */
export function Message({ text, tone }: MessageProps) {
  if (!text) return null;
  const shown = tone ?? messageTone(text);
  return (
    <p className={`message message--${shown}`} role={shown === 'error' ? 'alert' : 'status'}>
      {text}
    </p>
  );
}
