import { PageHeader } from '../../../components/ui/page-header';

export type V2momFormMode = 'create' | 'edit';

/** Placeholder until the V2MOM form's issue lands: its title and nothing pretend. */
export default function V2momFormPage({ mode }: { mode: V2momFormMode }) {
  return <PageHeader title={mode === 'create' ? 'Create V2MOM' : 'Edit V2MOM'} />;
}
