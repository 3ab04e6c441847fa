import { useAppDispatch } from '../../app/hooks';
import { dealerRequestUrl } from '../../config';
import { BrandMark } from '../../ui/BrandMark';
import { Button, buttonClass } from '../../ui/Button';
import { useCompanyProfile } from '../company/usePublicSettings';
import { publicViewOpened } from '../session/sessionSlice';
import { BENEFITS } from './benefits';
import './landing.css';

export function LandingPage() {
  const dispatch = useAppDispatch();
  const company = useCompanyProfile();
  const openLogin = () => dispatch(publicViewOpened('login'));
  const openLocator = () => dispatch(publicViewOpened('dealer-locator'));
  const applyUrl = dealerRequestUrl(company.email);

  const callsToAction = (
    <div className="landing__actions">
      <Button onClick={openLogin}>Dealer Login</Button>
      <a className={buttonClass('secondary')} href={applyUrl} target="_blank" rel="noopener noreferrer">
        Apply Now
      </a>
    </div>
  );

  return (
    <div className="landing">
      <header className="landing__bar">
        <div className="landing__brand">
          <BrandMark />
          <span>{company.name}</span>
        </div>
        <Button variant="ghost" className="landing__bar-login" onClick={openLogin}>
          Dealer Login
        </Button>
      </header>

      <main>
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
                  <button type="button" className="landing__card-link" onClick={openLocator}>
                    Find a dealer near you →
                  </button>
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
          © {new Date().getFullYear()} {company.name}
        </span>
        <a href={`mailto:${company.email}`}>{company.email}</a>
      </footer>
    </div>
  );
}
