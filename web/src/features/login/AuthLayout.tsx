import type { ReactNode } from 'react';
import { BrandMark } from '../../ui/BrandMark';
import { useCompanyProfile } from '../company/usePublicSettings';
import './login.css';

/**
 * The centred card with the company's name, shared by the pages before sign-in (login, dealer signup, the dealer
 * application); `wide` for a form of two columns.
 */
export function AuthLayout({ title, children, wide }: { title: string; children: ReactNode; wide?: boolean }) {
  const company = useCompanyProfile();
  return (
    <main className="login">
      <div className={wide ? 'login__card login__card--wide' : 'login__card'}>
        <div className="login__brand">
          <BrandMark size={44} />
          <div>
            <p className="login__company">{company.name}</p>
            <p className="login__type">{company.businessType}</p>
          </div>
        </div>
        <h1 className="login__title">{title}</h1>
        {children}
      </div>
    </main>
  );
}
