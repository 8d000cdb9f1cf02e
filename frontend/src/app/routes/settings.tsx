import type { TAdminUserListView } from '@v2mom/contracts';
import { SHEET_PATHS } from '@v2mom/contracts/paths';
import { useSearchParams } from 'react-router-dom';
import { LoadError } from '../../components/ui/load-error';
import { LoadingBlock } from '../../components/ui/loading-block';
import { PageHeader } from '../../components/ui/page-header';
import { Section } from '../../components/ui/section';
import { Tabs } from '../../components/ui/tabs';
import { AllApiTokensPanel } from '../../features/api-tokens/components/all-api-tokens-panel';
import { AuditLog } from '../../features/settings/components/audit-log';
import { DepartmentsPanel } from '../../features/settings/components/departments-panel';
import { EmailPanel } from '../../features/settings/components/email-panel';
import { PeoplePanel } from '../../features/settings/components/people-panel';
import { useDepartments } from '../../features/users/api/get-departments';
import { AnyPersonPicker, PersonPicker } from '../../features/users/components/person-picker';
import { useCompany } from '../../features/company/api/get-company';
import { CompanyPanel } from '../../features/company/components/company-panel';
import { RoomLinksPanel } from '../../features/rooms/components/room-links-panel';
import { V2momPicker } from '../../features/v2moms/components/v2mom-picker';
import { WebhooksPanel } from '../../features/webhooks/components/webhooks-panel';
import { ChatChannelsPanel } from '../../features/chat-channels/components/chat-channels-panel';
import { ExportMenu } from '../../features/sheets/components/export-menu';
import { PeopleImportPanel } from '../../features/sheets/components/people-import-panel';
import { V2momImportPanel } from '../../features/sheets/components/v2mom-import-panel';
import { useRhythm } from '../../features/rhythm/api/get-rhythm';
import { RhythmPanel } from '../../features/rhythm/components/rhythm-panel';
import { useSignedInUser } from '../../lib/auth/use-signed-in-user';

const SETTINGS_TABS = [
  { key: 'people', label: 'People' },
  { key: 'departments', label: 'Departments' },
  { key: 'rhythm', label: 'Rhythm' },
  { key: 'company', label: 'Company' },
  { key: 'rooms', label: 'Meeting rooms' },
  { key: 'api-tokens', label: 'API tokens' },
  { key: 'webhooks', label: 'Webhooks' },
  { key: 'chat', label: 'Slack and Teams' },
  { key: 'import', label: 'Import' },
  { key: 'audit', label: 'Audit log' },
  { key: 'email', label: 'Email' },
] as const;
type SettingsTab = (typeof SETTINGS_TABS)[number]['key'];

const TAB_PARAM = 'tab';

function tabOf(value: string | null): SettingsTab {
  return SETTINGS_TABS.find((tab) => tab.key === value)?.key ?? 'people';
}

/** People's Export menu: the accounts the filters hold. */
function PeopleExport({ view }: { view: TAdminUserListView }) {
  return <ExportMenu download={{ route: SHEET_PATHS.exportPeople, query: view }} />;
}

function RhythmTab() {
  const rhythm = useRhythm();
  if (rhythm.isPending) return <LoadingBlock label="Loading the rhythm" />;
  if (rhythm.isError) return <LoadError title="Failed to load the rhythm" error={rhythm.error} onRetry={() => void rhythm.refetch()} />;
  // Keyed by version: a change saved here or by another settings holder starts the form afresh from it.
  return <RhythmPanel key={rhythm.data.version} rhythm={rhythm.data} />;
}

function CompanyTab() {
  const company = useCompany();
  if (company.isPending) return <LoadingBlock label="Loading the company" />;
  if (company.isError) return <LoadError title="Failed to load the company" error={company.error} onRetry={() => void company.refetch()} />;
  // Keyed by version, as the Rhythm tab.
  return <CompanyPanel key={company.data.version} company={company.data} />;
}

/**
 * The organisation's administration (docs/PRODUCT.md#settings), for holders of `settings` (the
 * guard sends anyone else away): People, Departments, the company's Rhythm, its name and colours,
 * Meeting rooms' links, everyone's API tokens, Webhooks, Slack and Teams channels, the Audit log and Email, the tab kept in `?tab=`.
 * Every list follows entity:changed, so another administrator's change shows here at once.
 */
export default function SettingsPage() {
  const user = useSignedInUser();
  const departments = useDepartments();
  const [searchParams, setSearchParams] = useSearchParams();
  const selected = tabOf(searchParams.get(TAB_PARAM));

  let panel;
  if (selected === 'audit') {
    panel = <AuditLog PersonPicker={AnyPersonPicker} />;
  } else if (selected === 'rhythm') {
    panel = <RhythmTab />;
  } else if (selected === 'company') {
    panel = <CompanyTab />;
  } else if (selected === 'rooms') {
    panel = <RoomLinksPanel V2momPicker={V2momPicker} />;
  } else if (selected === 'api-tokens') {
    panel = <AllApiTokensPanel />;
  } else if (selected === 'webhooks') {
    panel = <WebhooksPanel />;
  } else if (selected === 'import') {
    panel = (
      <>
        <Section id="import-v2moms" title="Import V2MOMs">
          <V2momImportPanel />
        </Section>
        <Section id="import-people" title="Import people">
          <PeopleImportPanel />
        </Section>
      </>
    );
  } else if (selected === 'email') {
    panel = <EmailPanel />;
  } else if (departments.isPending) {
    panel = <LoadingBlock label="Loading departments" />;
  } else if (departments.isError) {
    panel = <LoadError title="Failed to load departments" error={departments.error} onRetry={() => void departments.refetch()} />;
  } else if (selected === 'chat') {
    panel = <ChatChannelsPanel departments={departments.data} />;
  } else if (selected === 'departments') {
    panel = <DepartmentsPanel departments={departments.data} HeadPicker={PersonPicker} />;
  } else {
    panel = <PeoplePanel departments={departments.data} currentUserId={user.id} PeopleExport={PeopleExport} ManagerPicker={PersonPicker} />;
  }

  return (
    <>
      <PageHeader title="Settings" subtitle="People, departments, the weekly rhythm, the company, meeting rooms, API tokens, webhooks, Slack and Teams, imports, the audit log and email of your organisation" />
      <Tabs
        label="Settings"
        tabs={SETTINGS_TABS}
        selected={selected}
        onSelect={(key) => setSearchParams(key === 'people' ? {} : { [TAB_PARAM]: key }, { replace: true })}
      >
        {panel}
      </Tabs>
    </>
  );
}
