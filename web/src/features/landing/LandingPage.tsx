import { Link } from '../../app/navigation/Link';
import { APPLY_PATH, LOCATOR_PATH } from '../../app/navigation/routes';
import { BrandMark } from '../../ui/BrandMark';
import { buttonClass } from '../../ui/Button';
import { CONTENT_ID, SkipLink } from '../../ui/SkipLink';
import { PLACEHOLDER_COMPANY } from '../company/companyProfile';
import { useDateFormat } from '../company/useDateFormat';
import { usePublicSettings } from '../company/usePublicSettings';
import { BENEFITS } from './benefits';
import './landing.css';

export function LandingPage() {
  const settings = usePublicSettings();
  const company = settings?.company ?? PLACEHOLDER_COMPANY;
  const year = useDateFormat().day(new Date()).slice(0, 4);

  const callsToAction = (
    <div className="landing__actions">
      <Link to="/login" className={buttonClass('primary')}>
        Dealer Login
      </Link>
      {settings?.applicationUrl ? (
        // the company's own application page, elsewhere: a new tab keeps the portal open
        <a
          className={buttonClass('secondary')}
          href={settings.applicationUrl}
          target="_blank"
          rel="noopener noreferrer"
        >
          Apply Now<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      ) : (
        <Link to={APPLY_PATH} className={buttonClass('secondary')}>
          Apply Now
        </Link>
      )}
    </div>
  );

  return (
    <div className="landing">
      <SkipLink />
      <header className="landing__bar">
        <div className="landing__brand">
          <BrandMark />
          <span>{company.name}</span>
        </div>
        <nav className="landing__bar-links" aria-label="Site">
          <Link to={LOCATOR_PATH} className="landing__bar-link">
            Find a Dealer
          </Link>
          <Link to="/login" className={buttonClass('ghost', 'landing__bar-login')}>
            Dealer Login
          </Link>
        </nav>
      </header>

      <main id={CONTENT_ID} tabIndex={-1}>
        <section className="landing__hero" aria-labelledby="landing-title">
          <div className="landing__hero-inner">
            <p className="landing__eyebrow">
              {company.name} · {company.businessType}
            </p>
            <h1 id="landing-title" className="landing__title">
              Everything our dealers need, in one portal
            </h1>
            <p className="landing__lead">
              Order products, download marketing pictures, publish your dealer website and appear on our dealer map.
            </p>
            <p className="landing__notice">
              This portal is for authorized dealers. To set up an account, please contact administration.
            </p>
            {callsToAction}
          </div>
        </section>

        <section className="landing__benefits" aria-labelledby="benefits-title">
          <h2 id="benefits-title" className="landing__section-title">
            Why dealers choose {company.name}
          </h2>
          <ul className="landing__cards">
            {BENEFITS.map((benefit) => (
              <li key={benefit.title} className="landing__card">
                <span className="landing__card-icon">{benefit.icon}</span>
                <h3 className="landing__card-title">{benefit.title}</h3>
                <p className="landing__card-text">{benefit.description}</p>
                {benefit.title === 'Dealer Map' && (
                  <Link to={LOCATOR_PATH} className="landing__card-link">
                    Find a dealer near you →
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </section>

        <section className="landing__cta" aria-labelledby="cta-title">
          <h2 id="cta-title" className="landing__section-title">
            Ready to grow with us?
          </h2>
          <p>Existing dealers sign in; new dealers apply and our team will set up your account.</p>
          {callsToAction}
        </section>
      </main>

      <footer className="landing__footer">
        <span>
          © {year} {company.name}
        </span>
        <span className="landing__footer-links">
          <Link to={LOCATOR_PATH}>Find a Dealer</Link>
          <a href={`mailto:${company.email}`}>{company.email}</a>
        </span>
      </footer>
    </div>
  );
}
