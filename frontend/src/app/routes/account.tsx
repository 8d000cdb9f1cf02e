import { canAdminister, canManageSomeChatChannel, type TUser } from '@v2mom/contracts';
import styled from 'styled-components';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { LoadError } from '../../components/ui/load-error';
import { LoadingBlock } from '../../components/ui/loading-block';
import { PageHeader } from '../../components/ui/page-header';
import { Section } from '../../components/ui/section';
import { ThemeSelect } from '../../components/ui/theme-select';
import { ApiTokensPanel } from '../../features/api-tokens/components/api-tokens-panel';
import { ChatChannelsPanel } from '../../features/chat-channels/components/chat-channels-panel';
import { useDepartments } from '../../features/users/api/get-departments';
import { MethodPicker } from '../../features/methods/components/method-picker';
import { MeasurePicker } from '../../features/v2moms/components/measure-picker';
import { PasswordForm } from '../../features/account/components/password-form';
import { ProfileCard } from '../../features/account/components/profile-card';
import { SessionsList } from '../../features/account/components/sessions-list';
import { NotificationPreferences } from '../../features/notifications/components/notification-preferences';
import { useSignedInUser } from '../../lib/auth/use-signed-in-user';

const Column = styled.div`
  max-width: 640px;
`;

/** The token table's eight columns need more than a form's width. */
const WideColumn = styled.div`
  max-width: 1080px;
`;

const TemporaryPasswordNote = styled.div`
  margin-bottom: ${({ theme }) => theme.space[6]};
  padding: ${({ theme }) => theme.space[4]};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme }) => theme.colors.warning};
  background: ${({ theme }) => theme.colors.warningSoft};
  color: ${({ theme }) => theme.colors.warningText};

  strong {
    display: block;
    margin-bottom: ${({ theme }) => theme.space[1]};
  }
`;

function AppearanceSection() {
  return (
    <Section id="account-appearance" title="Appearance">
      <Card $padded>
        <Field htmlFor="account-theme" label="Theme">
          <ThemeSelect id="account-theme" />
        </Field>
      </Card>
    </Section>
  );
}

function PasswordSection() {
  return (
    <Section id="account-password" title="Password">
      <PasswordForm />
    </Section>
  );
}

/**
 * A department's Slack and Teams channels for its `manage_structure` holders who do not open
 * Settings (docs/PRODUCT.md#slack-and-teams): the same panel, their own department only.
 */
function DepartmentChannelsSection({ user }: { user: TUser }) {
  const departments = useDepartments();
  let panel;
  if (departments.isPending) panel = <LoadingBlock label="Loading departments" />;
  else if (departments.isError) panel = <LoadError title="Failed to load departments" error={departments.error} onRetry={() => void departments.refetch()} />;
  else panel = <ChatChannelsPanel company={false} departments={departments.data.filter((department) => department.name === user.department)} />;
  return (
    <Section id="account-chat-channels" title="Your department's Slack and Teams">
      {panel}
    </Section>
  );
}

/**
 * The signed-in user's own page (docs/PRODUCT.md#account): profile, theme, notifications, password, sessions, API tokens and,
 * for a department's manage_structure holders, its Slack and Teams channels.
 * While the password is a temporary one, only the password change (and the theme) is offered:
 * the server answers nothing else until then.
 */
export default function AccountPage() {
  const user = useSignedInUser();
  if (user.passwordChangeRequired) {
    return (
      <Column>
        <PageHeader title="Account" subtitle="Your profile, appearance and password" />
        <TemporaryPasswordNote role="status">
          <strong>Choose a new password</strong>
          Your password was set by an administrator. Choose your own to continue.
        </TemporaryPasswordNote>
        <PasswordSection />
        <AppearanceSection />
      </Column>
    );
  }
  return (
    <div>
      <Column>
        <PageHeader title="Account" subtitle="Your profile, appearance and password" />
        <Section id="account-profile" title="Profile">
          <ProfileCard user={user} />
        </Section>
        <AppearanceSection />
        <Section id="account-notifications" title="Notifications">
          <NotificationPreferences />
        </Section>
        <PasswordSection />
        <Section id="account-sessions" title="Active sessions">
          <SessionsList />
        </Section>
      </Column>
      <WideColumn>
        <Section id="account-api-tokens" title="API tokens">
          <ApiTokensPanel MethodPicker={MethodPicker} MeasurePicker={MeasurePicker} />
        </Section>
      </WideColumn>
      <Column>{canManageSomeChatChannel(user) && !canAdminister(user) ? <DepartmentChannelsSection user={user} /> : null}</Column>
    </div>
  );
}
