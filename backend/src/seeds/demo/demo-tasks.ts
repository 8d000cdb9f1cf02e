import type { TWorkStatus } from '@v2mom/contracts';

export interface DemoTask {
  title: string;
  description: string;
  owner: string;
  status: TWorkStatus;
  updates?: string;
  /** Key of a demo method (see demo-v2moms.ts). */
  method?: string;
}

export const DEMO_TASKS: readonly DemoTask[] = [
  { title: 'Book Q3 business review rooms', description: 'Reserve the boardroom and video bridge for the three monthly reviews.', owner: 'omar', status: 'completed', method: 'ops-cadence', updates: 'Booked through March.' },
  { title: 'Send MBR pre-read template', description: 'Share the one-page pre-read template with all department heads.\nInclude the decisions-needed section.', owner: 'admin', status: 'completed', method: 'ops-cadence' },
  { title: 'Export legacy OKR history', description: 'Export four years of OKR history to the archive folder as read-only.', owner: 'omar', status: 'in_progress', method: 'ops-okr-retire', updates: 'Two of four years exported.' },
  { title: 'Connect research briefs to CRM', description: 'Finish the CRM plug-in so briefs open from the opportunity page.', owner: 'nina', status: 'in_progress', method: 'ai-account-research', updates: 'Security review scheduled for Thursday.' },
  { title: 'Collect seller feedback on follow-up drafts', description: 'Survey the 40 pilot sellers on draft quality and time saved.', owner: 'lead', status: 'not_started', method: 'ai-followups' },
  { title: 'Draft AI data retention policy', description: 'Write the retention policy Security needs before approving guardrails.', owner: 'nina', status: 'at_risk', method: 'ai-guardrails', updates: 'Blocked on Legal input about customer call recordings.' },
  { title: 'Schedule enablement cohorts 4 to 6', description: 'Confirm dates and trainers for the remaining three cohorts.', owner: 'kenji', status: 'in_progress', method: 'ai-enablement' },
  { title: 'Line up January webinar speaker', description: 'Confirm a customer speaker for the January session.', owner: 'member', status: 'in_progress', method: 'mkt-webinars', updates: 'Two customers shortlisted.' },
  { title: 'Review website copy with Design', description: 'Walk Tom through the use-case copy before the design sprint.', owner: 'ravi', status: 'not_started', method: 'mkt-website' },
  { title: 'Agree kickoff ownership across regions', description: 'Get regional onboarding leads to agree who runs the kickoff call.', owner: 'diego', status: 'at_risk', method: 'onb-playbook', updates: 'Escalated to Casey.' },
  { title: 'Pilot the handover checklist with two deals', description: 'Use the checklist on two deals closing this month and collect feedback.', owner: 'hannah', status: 'in_progress', method: 'onb-handover' },
  { title: 'Record top-performer discovery calls', description: 'Collect ten recorded discovery calls from the top quartile.', owner: 'kenji', status: 'completed', method: 'sales-discovery', updates: 'Twelve calls collected.' },
  { title: 'Automate accrual journal entries', description: 'Configure automated accruals for the three largest entities.', owner: 'coo', status: 'in_progress', method: 'coo-close', updates: 'Two entities live.' },
  { title: 'Onboard top 50 vendors to procurement', description: 'Invite the top 50 vendors to the procurement portal.', owner: 'omar', status: 'in_progress', method: 'coo-procurement', updates: '36 of 50 onboarded.' },
  { title: 'Prepare vendor negotiation briefs', description: 'One-page brief per vendor: spend, alternatives, renewal date, target saving.', owner: 'omar', status: 'at_risk', method: 'coo-vendor' },
  { title: 'Publish incident review template', description: 'Publish the blameless review template in the engineering handbook.', owner: 'leila', status: 'completed', method: 'coo-incidents' },
  { title: 'Draft metric definitions for bookings', description: 'Write the first draft definition of bookings for Finance and Sales review.', owner: 'omar', status: 'not_started', method: 'data-metrics' },
  { title: 'Plan the holiday team lunch', description: 'Find a date and a venue for the COO team lunch in December.', owner: 'coo', status: 'not_started' },
  { title: 'Update the org chart', description: 'Reflect the new Partner and Channels team in the company org chart.', owner: 'admin', status: 'completed' },
  { title: 'Collect partner programme benchmarks', description: 'Compare three competitor partner programmes: tiers, benefits and requirements.', owner: 'sofia', status: 'not_started', method: 'ptn-program' },
  { title: 'Refresh the mid-market target list', description: 'Build the first 500 mid-market accounts for the outbound team.', owner: 'hannah', status: 'in_progress', method: 'bu-outbound', updates: '320 accounts researched.' },
];
