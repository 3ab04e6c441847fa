import type { MapDealer } from '@portal/contracts';
import { useId, useRef, useState } from 'react';
import { Button } from '../../ui/Button';
import { InputField } from '../../ui/FormField';
import { Message } from '../../ui/Message';
import { DealerLocator } from '../locator/DealerLocator';
import type { LocatorConfig } from '../locator/embedConfig';
import { useTimedNotice } from '../settings/shared/useTimedNotice';
import { DEFAULT_EMBED_HEIGHT, DEFAULT_EMBED_WIDTH, embedSize, generateEmbedCode } from './embedCode';

interface EmbedCodeSectionProps {
  config: LocatorConfig;
  /** 001 §8: 'Embed code copied to clipboard!' or 'Google Maps embed code copied to clipboard!' */
  copiedMessage: string;
  dealers?: readonly MapDealer[];
}

/** Copies text: the Clipboard API, else the selected text area and the copy command. */
async function copyText(text: string, area: HTMLTextAreaElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!area) return false;
    area.select();
    return document.execCommand('copy');
  }
}

/** The embed code section: width and height, Generate and Copy Embed Code, and a Preview/Hide toggle. */
export function EmbedCodeSection({ config, copiedMessage, dealers }: EmbedCodeSectionProps) {
  const [width, setWidth] = useState('');
  const [height, setHeight] = useState('');
  const [code, setCode] = useState('');
  const [preview, setPreview] = useState(false);
  const [notice, showNotice] = useTimedNotice();
  const area = useRef<HTMLTextAreaElement>(null);
  const ids = useId();

  const generate = async () => {
    const next = generateEmbedCode({ origin: window.location.origin, width, height, config });
    setCode(next);
    // the text area must exist before the fallback can select it
    await new Promise((resolve) => requestAnimationFrame(resolve));
    if (await copyText(next, area.current)) showNotice({ text: copiedMessage });
    else showNotice({ text: 'Error: The code could not be copied: select it and copy it by hand', tone: 'error' });
  };

  return (
    <div className="embed-code">
      <div className="settings-grid">
        <InputField label="Width" value={width} onChange={setWidth} placeholder="100% or 800px" />
        <InputField label="Height" value={height} onChange={setHeight} placeholder="500px or 400px" />
      </div>
      <div className="button-row">
        <Button onClick={generate}>Generate and Copy Embed Code</Button>
        <Button variant="secondary" onClick={() => setPreview((shown) => !shown)} aria-expanded={preview}>
          {preview ? 'Hide' : 'Preview'}
        </Button>
      </div>
      <Message text={notice?.text} tone={notice?.tone} />
      {code && (
        <div className="field">
          <label htmlFor={`${ids}-code`}>Embed code</label>
          <textarea id={`${ids}-code`} ref={area} className="embed-code__text" readOnly value={code} rows={8} />
          <p className="field__hint">
            Paste it into any page. A page with a Content-Security-Policy must allow {window.location.origin} in
            script-src and frame-src.
          </p>
        </div>
      )}
      {preview && (
        <div
          className="embed-code__preview"
          style={{
            width: embedSize(width, DEFAULT_EMBED_WIDTH),
            height: embedSize(height, DEFAULT_EMBED_HEIGHT),
          }}
        >
          <DealerLocator config={config} allDealers={dealers} height="calc(100% - 6.5rem)" />
        </div>
      )}
    </div>
  );
}
