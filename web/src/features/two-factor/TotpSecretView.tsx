import { useEffect, useState } from 'react';
import './two-factor.css';

interface TotpSecretViewProps {
  secret: string;
  /** the otpauth:// URI the QR code carries */
  otpauthUrl: string;
}

/** The secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * The new secret as a QR code for an authenticator app and as text to type. The QR library loads only here
 * (with the enrolment), never with the login page or the app shell.
 */
export function TotpSecretView({ secret, otpauthUrl }: TotpSecretViewProps) {
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    import('qrcode')
      .then((qrcode) => qrcode.toDataURL(otpauthUrl, { margin: 1, width: 200, errorCorrectionLevel: 'M' }))
      .then((url) => current && setQr(url))
      .catch(() => current && setQr(null));
    return () => {
      current = false;
    };
  }, [otpauthUrl]);
  return (
    <div className="two-factor-secret">
      <ol className="two-factor-secret__steps">
        <li>Open your authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…).</li>
        <li>Scan the QR code, or add an account by typing the setup key below.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="two-factor-secret__qr">
        {qr ? (
          <img
            src={qr}
            width={200}
            height={200}
            alt="QR code for your authenticator app. If you cannot scan it, type the setup key shown next to it."
          />
        ) : (
          <span className="two-factor-secret__placeholder" role="status">
            Preparing the QR code…
          </span>
        )}
      </div>
      <p className="two-factor-secret__key">
        <span>Setup key (if you cannot scan the code)</span>
        <code data-secret={secret}>{grouped(secret)}</code>
      </p>
    </div>
  );
}
