import styled from 'styled-components';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { PageHeader } from '../../components/ui/page-header';
import { Section } from '../../components/ui/section';
import { ThemeSelect } from '../../components/ui/theme-select';
import { PasswordForm } from '../../features/account/components/password-form';
import { ProfileCard } from '../../features/account/components/profile-card';
import { useSignedInUser } from '../../lib/auth/use-signed-in-user';

const Column = styled.div`
  max-width: 640px;
`;

/** The signed-in user's own page (docs/PRODUCT.md#account): profile, theme and password. */
export default function AccountPage() {
  const user = useSignedInUser();
  return (
    <Column>
      <PageHeader title="Account" subtitle="Your profile, appearance and password" />
      <Section id="account-profile" title="Profile">
        <ProfileCard user={user} />
      </Section>
      <Section id="account-appearance" title="Appearance">
        <Card $padded>
          <Field htmlFor="account-theme" label="Theme">
            <ThemeSelect id="account-theme" />
          </Field>
        </Card>
      </Section>
      <Section id="account-password" title="Password">
        <PasswordForm />
      </Section>
    </Column>
  );
}
