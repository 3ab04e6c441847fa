import { useEffect, useRef } from 'react';
import { type MessageTone, messageTone } from './messageTone';
import './message.css';

interface MessageProps {
  text: string | null | undefined;
  /** overrides the rule for texts that are errors by context (e.g. the server's login `detail`) */
  tone?: MessageTone;
  /** scrolls a new text into view (a form's problem under a long form in a dialog on a phone) */
  reveal?: boolean;
}

/** A notice under a form or on a panel; renders nothing when there is no text. */
export function Message({ text, tone, reveal = false }: MessageProps) {
  const element = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (reveal && text) element.current?.scrollIntoView({ block: 'nearest' });
  }, [reveal, text]);
  if (!text) return null;
  const shown = tone ?? messageTone(text);
  return (
    <p ref={element} className={`message message--${shown}`} role={shown === 'error' ? 'alert' : 'status'}>
      {text}
    </p>
  );
}
