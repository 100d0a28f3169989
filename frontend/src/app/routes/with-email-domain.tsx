import type { ComponentType } from 'react';
import type { AccountPageProps } from '../../features/auth/SignInPage';
import { useGetFestivalQuery } from '../../features/festival/festival-api';

/** Account forms check e-mail addresses against the institution's domain, a festival fact. */
export function withEmailDomain(Page: ComponentType<AccountPageProps>): ComponentType {
  return function AccountRoute() {
    const { data: festival } = useGetFestivalQuery();
    return <Page emailDomain={festival?.institutionEmailDomain} />;
  };
}
