import type { TApprovalState, TL2Owner, TMeasureStatus, TProgressFrom, TQuarter, TV2momLevel, TV2momStatus, TWorkStatus } from '@v2mom/contracts';
import type { DemoDepartment } from './demo-people.js';

export interface DemoMethod {
  /** Lets other methods, obstacles and tasks point at this one. */
  key: string;
  description: string;
  owner: string;
  status: TWorkStatus;
  progress: number;
  /** Month and day in the V2MOM's year, e.g. '03-31'. */
  due: string;
  measure?: string;
  currentMeasure?: string;
  quarterMeasures?: [string, string, string, string];
  quarterGoals?: [string, string, string, string];
  forCooTracking?: boolean;
  update?: string;
  /** An earlier report whose date was not recorded: an undated check-in. */
  updates?: string;
  activities?: string;
  l2Owner?: TL2Owner;
  linkedTo?: string;
  /** Positions in the V2MOM's value list (at most 3). */
  values?: number[];
  /** The key of the method of the parent V2MOM this one supports (docs/PRODUCT.md#alignment). */
  supports?: string;
  /** Rolled up from its supporters: its `progress` is then what they give (docs/PRODUCT.md#roll-up). */
  progressFrom?: TProgressFrom;
}

interface DemoObstacle {
  description: string;
  owner: string;
  impact: string;
  mitigation: string;
  methods: string[];
}

interface DemoMeasure {
  description: string;
  target: string;
  current: string;
  status: TMeasureStatus;
}

export interface DemoV2mom {
  title: string;
  owner: string;
  quarter: TQuarter;
  status: TV2momStatus;
  vision: string;
  values: string[];
  methods: DemoMethod[];
  obstacles: DemoObstacle[];
  measures: DemoMeasure[];
  /** Where it sits in the cascade (docs/PRODUCT.md#alignment): a person's when absent. */
  level?: TV2momLevel;
  /** The department or team whose V2MOM it is, for those levels. */
  department?: DemoDepartment;
  /** The title of the V2MOM it is aligned to. */
  parent?: string;
  /** A person's V2MOM aligned to another only (docs/PRODUCT.md#approval): approved, or awaiting it. */
  approval?: Extract<TApprovalState, 'approved' | 'submitted'>;
}

/** The company's V2MOM, which every department's is aligned to (docs/PRODUCT.md#alignment). */
const COMPANY_TITLE = 'Efficient Growth with AI';

/**
 * A company running a go-to-market and operations programme for one fiscal year. Progress is
 * chosen so each V2MOM's status matches the shared rule (90/40/20), one of each status.
 */
export const DEMO_V2MOMS: readonly DemoV2mom[] = [
  {
    title: 'Company Operating Rhythm',
    owner: 'admin',
    level: 'person', parent: 'Operations Excellence', approval: 'approved',
    quarter: 'q1',
    status: 'completed',
    vision: 'Every team plans, reviews and decides on the same cadence, with one source of truth for goals and progress.',
    values: ['Transparency by default', 'Decisions close to the customer', 'Simple beats clever'],
    methods: [
      { key: 'ops-cadence', description: 'Launch a monthly business review with every department head', owner: 'admin', status: 'completed', progress: 100, due: '08-31', values: [0, 1], update: 'Three MBRs held; attendance 100%.', measure: 'Monthly reviews held on schedule', currentMeasure: '3 of 3 held', forCooTracking: true, quarterMeasures: ['3 reviews', '3 reviews', '3 reviews', '3 reviews'], quarterGoals: ['Cadence launched', 'Pre-reads sent 48h ahead', 'Decisions log in use', 'Annual review prepared'], supports: 'coo-headcount' },
      { key: 'ops-v2mom-rollout', description: 'Roll out V2MOM authoring to all department leads', owner: 'omar', status: 'completed', progress: 95, due: '09-15', values: [0], updates: 'All 13 departments have a published V2MOM.', l2Owner: 'Jordan Blake' },
      { key: 'ops-decision-log', description: 'Publish a shared decision log for cross-team commitments', owner: 'coo', status: 'completed', progress: 90, due: '09-30', values: [1, 2], linkedTo: 'ops-cadence', supports: 'coo-close' },
      { key: 'ops-okr-retire', description: 'Retire the legacy OKR spreadsheet and migrate its history', owner: 'omar', status: 'in_progress', progress: 85, due: '10-15', values: [2], activities: 'Archive read-only copy; map old objectives to methods.' },
    ],
    obstacles: [
      { description: 'Department heads double-book the review slot with customer calls', owner: 'admin', impact: 'Reviews lose the people who own the numbers', mitigation: 'Fixed slot agreed a quarter ahead; delegates named in advance', methods: ['ops-cadence'] },
    ],
    measures: [
      { description: 'Departments with a published V2MOM', target: '13', current: '13', status: 'achieved' },
      { description: 'Reviews held on schedule', target: '100%', current: '100%', status: 'achieved' },
    ],
  },
  {
    title: 'AI-Assisted Go-To-Market',
    owner: 'lead',
    level: 'department', department: 'AI GTM', parent: COMPANY_TITLE,
    quarter: 'q2',
    status: 'in_progress',
    vision: 'Sellers spend their time with customers while AI prepares research, follow-ups and forecasts.',
    values: ['Customer time first', 'Measure before we scale', 'Responsible AI'],
    methods: [
      { key: 'ai-account-research', description: 'Deploy AI account research briefs for every enterprise opportunity', owner: 'lead', status: 'in_progress', progress: 70, due: '12-15', values: [0, 2], forCooTracking: true, measure: 'Enterprise opportunities with an AI brief', currentMeasure: '62%', quarterMeasures: ['20%', '60%', '85%', '95%'], quarterGoals: ['Pilot with 2 teams', 'All enterprise teams live', 'Briefs in CRM workflow', 'Self-serve for SMB'], update: 'Live for 4 of 6 enterprise teams; CRM plug-in in review.', l2Owner: 'Isabel Costa', supports: 'co-ai-selling' },
      { key: 'ai-followups', description: 'Automate meeting follow-up drafts from call notes', owner: 'nina', status: 'in_progress', progress: 55, due: '01-15', values: [0], linkedTo: 'ai-account-research', updates: 'Draft quality rated 4.1/5 by pilot sellers.' },
      { key: 'ai-forecast', description: 'Pilot an AI-assisted weekly forecast for two regions', owner: 'lead', status: 'in_progress', progress: 40, due: '01-31', values: [1], forCooTracking: true, measure: 'Forecast accuracy within 10%', currentMeasure: '84% accuracy', quarterMeasures: ['Baseline', '80%', '88%', '90%'], quarterGoals: ['Baseline captured', 'Two regions piloting', 'All regions', 'Board-ready forecast'] },
      { key: 'ai-guardrails', description: 'Agree AI usage guardrails with Legal and Security', owner: 'nina', status: 'at_risk', progress: 30, due: '11-30', values: [2], update: 'Waiting on Security review of data retention.', l2Owner: 'Samuel Okafor' },
      { key: 'ai-enablement', description: 'Run hands-on AI enablement sessions for 120 sellers', owner: 'kenji', status: 'in_progress', progress: 60, due: '01-20', values: [0, 1], activities: 'Six cohorts of 20; recorded labs.' },
    ],
    obstacles: [
      { description: 'CRM data quality is uneven across regions', owner: 'nina', impact: 'Briefs and forecasts inherit wrong account data', mitigation: 'Data hygiene sprint with Sales Ops before each rollout', methods: ['ai-account-research', 'ai-forecast'] },
      { description: 'Security review queue is six weeks long', owner: 'lead', impact: 'Guardrails sign-off slips past the pilot start', mitigation: 'Pre-review checklist and an executive sponsor for priority', methods: ['ai-guardrails'] },
    ],
    measures: [
      { description: 'Seller hours saved per week', target: '2,000', current: '1,150', status: 'on_track' },
      { description: 'Pipeline influenced by AI briefs', target: '$40M', current: '$18M', status: 'at_risk' },
    ],
  },
  {
    title: 'Brand and Demand Engine',
    owner: 'member',
    level: 'department', department: 'Marketing', parent: COMPANY_TITLE,
    quarter: 'q2',
    status: 'in_progress',
    vision: 'A predictable flow of qualified demand from a brand people recognise and trust.',
    values: ['Quality over volume', 'One voice', 'Test and learn'],
    methods: [
      { key: 'mkt-webinars', description: 'Run a monthly customer-led webinar series', owner: 'member', status: 'completed', progress: 80, due: '12-31', values: [0, 1], forCooTracking: true, measure: 'Qualified leads from webinars', currentMeasure: '410 MQLs', quarterMeasures: ['150 MQLs', '450 MQLs', '600 MQLs', '750 MQLs'], quarterGoals: ['Series format agreed', 'Three customer speakers', 'Partner co-hosts', 'Evergreen library'], update: 'November session drew 620 registrants.', supports: 'co-demand' },
      { key: 'mkt-website', description: 'Relaunch the website around the three core use cases', owner: 'ravi', status: 'in_progress', progress: 45, due: '01-31', values: [1], l2Owner: 'Elena Petrova', activities: 'Copy done; design review with Tom next week.' },
      { key: 'mkt-attribution', description: 'Introduce multi-touch attribution for paid channels', owner: 'member', status: 'at_risk', progress: 35, due: '01-15', values: [2], update: 'Tracking plan blocked on consent banner changes.' },
    ],
    obstacles: [
      { description: 'Consent banner changes need Legal approval', owner: 'member', impact: 'Attribution data is incomplete for EU traffic', mitigation: 'Ship server-side tagging first; banner in next legal cycle', methods: ['mkt-attribution'] },
    ],
    measures: [
      { description: 'Marketing qualified leads per quarter', target: '600', current: '410', status: 'on_track' },
      { description: 'Cost per qualified lead', target: '$120', current: '$138', status: 'at_risk' },
    ],
  },
  {
    title: 'Customer Onboarding in 30 Days',
    owner: 'diego',
    level: 'team', department: 'BU Onboarding', parent: 'AI-Assisted Go-To-Market',
    quarter: 'q2',
    status: 'at_risk',
    vision: 'Every new customer is live and seeing value within 30 days of signing.',
    values: ['Customer outcomes over activity', 'Own the handover'],
    methods: [
      { key: 'onb-playbook', description: 'Standardise the onboarding playbook across regions', owner: 'diego', status: 'at_risk', progress: 10, due: '12-15', values: [0], forCooTracking: true, measure: 'Median days to go-live', currentMeasure: '52 days', quarterMeasures: ['55 days', '45 days', '35 days', '30 days'], quarterGoals: ['Baseline agreed', 'Playbook v1 in two regions', 'Global rollout', '30-day median'], update: 'Regional leads disagree on kickoff ownership; escalated to COO.', supports: 'ai-followups' },
      { key: 'onb-handover', description: 'Introduce a sales-to-onboarding handover checklist', owner: 'hannah', status: 'in_progress', progress: 15, due: '12-20', values: [1], linkedTo: 'onb-playbook' },
      { key: 'onb-templates', description: 'Build configuration templates for the five most common setups', owner: 'diego', status: 'not_started', progress: 5, due: '01-31', values: [0] },
      { key: 'onb-health', description: 'Track onboarding health weekly in the customer dashboard', owner: 'priya', status: 'in_progress', progress: 25, due: '01-15', values: [0, 1], l2Owner: 'Rafael Mendes' },
    ],
    obstacles: [
      { description: 'Implementation consultants are booked 8 weeks ahead', owner: 'diego', impact: 'New customers wait before kickoff, adding weeks to go-live', mitigation: 'Partner-led onboarding for small deals; hire two consultants', methods: ['onb-playbook', 'onb-templates'] },
      { description: 'Sales commitments are not captured at signature', owner: 'hannah', impact: 'Scope surprises during onboarding', mitigation: 'Mandatory handover checklist before deal close', methods: ['onb-handover'] },
    ],
    measures: [
      { description: 'Median days to go-live', target: '30', current: '52', status: 'at_risk' },
      { description: 'Onboarding CSAT', target: '4.5', current: '4.1', status: 'at_risk' },
    ],
  },
  {
    title: 'Sales Playbook Refresh',
    owner: 'kenji',
    level: 'department', department: 'Sales COE', parent: COMPANY_TITLE,
    quarter: 'q3',
    status: 'draft',
    vision: 'Every seller runs the same proven motion, from first call to signature.',
    values: ['Proven over new', 'Coach every deal'],
    methods: [
      { key: 'sales-discovery', description: 'Rewrite the discovery guide with top-performer call patterns', owner: 'kenji', status: 'in_progress', progress: 30, due: '03-15', values: [0], l2Owner: 'Jordan Blake', supports: 'co-ai-selling' },
      { key: 'sales-coaching', description: 'Introduce weekly deal coaching for new sellers', owner: 'viewer', status: 'in_progress', progress: 20, due: '03-31', values: [1], update: 'Two coaching pods formed.' },
      { key: 'sales-pricing', description: 'Publish a pricing and discount approval guide', owner: 'kenji', status: 'in_progress', progress: 35, due: '02-28', values: [0, 1] },
    ],
    obstacles: [],
    measures: [
      { description: 'Win rate on qualified opportunities', target: '28%', current: '23%', status: 'at_risk' },
    ],
  },
  {
    title: 'Partner Ecosystem Expansion',
    owner: 'sofia',
    level: 'team', department: 'Partner and Channels', parent: 'Sales Playbook Refresh',
    quarter: 'q3',
    status: 'not_started',
    vision: 'Partners source a third of new business and deliver a third of onboarding.',
    values: ['Win together', 'Easy to partner with'],
    methods: [
      { key: 'ptn-program', description: 'Design a tiered partner programme with clear benefits', owner: 'sofia', status: 'not_started', progress: 0, due: '03-31', values: [1], supports: 'sales-pricing' },
      { key: 'ptn-portal', description: 'Launch a partner portal for deal registration', owner: 'sofia', status: 'not_started', progress: 0, due: '04-30', values: [0, 1], linkedTo: 'ptn-program' },
      { key: 'ptn-certify', description: 'Certify ten implementation partners', owner: 'grace', status: 'not_started', progress: 0, due: '04-15', values: [0] },
    ],
    obstacles: [],
    measures: [],
  },
  {
    title: 'Operations Excellence',
    owner: 'coo',
    level: 'department', department: 'COO', parent: COMPANY_TITLE,
    quarter: 'q2',
    status: 'in_progress',
    vision: 'Lean, reliable operations that let the business grow without adding friction.',
    values: ['Automate the routine', 'Own the numbers', 'Fix root causes'],
    methods: [
      { key: 'coo-close', description: 'Cut the monthly financial close from 10 to 5 working days', owner: 'coo', status: 'in_progress', progress: 75, due: '01-31', values: [0, 1], forCooTracking: true, measure: 'Working days to close', currentMeasure: '6 days', quarterMeasures: ['9 days', '7 days', '6 days', '5 days'], quarterGoals: ['Close calendar reset', 'Automated accruals', 'Intercompany automated', '5-day close'], update: 'November close finished in 6 days.', l2Owner: 'Hannah Kim', supports: 'co-lean-ops' },
      { key: 'coo-procurement', description: 'Move all software purchasing to one procurement workflow', owner: 'omar', status: 'in_progress', progress: 60, due: '12-31', values: [0], forCooTracking: true, measure: 'Spend through procurement workflow', currentMeasure: '71%', quarterMeasures: ['40%', '70%', '85%', '95%'], quarterGoals: ['Workflow live', 'Top 50 vendors onboarded', 'Card spend blocked', 'Full coverage'], supports: 'co-lean-ops' },
      { key: 'coo-headcount', description: 'Publish a live headcount plan shared with Finance and HR', owner: 'coo', status: 'in_progress', progress: 50, due: '01-15', values: [1], linkedTo: 'coo-close' },
      { key: 'coo-vendor', description: 'Renegotiate the ten largest vendor contracts', owner: 'omar', status: 'at_risk', progress: 40, due: '02-28', values: [1, 2], update: 'Two renewals slipped to next quarter.', updates: 'Savings so far: $420k annualised.' },
      { key: 'coo-incidents', description: 'Run blameless reviews for every customer-facing incident', owner: 'leila', status: 'completed', progress: 90, due: '11-30', values: [2], forCooTracking: true, measure: 'Incidents with a review within 5 days', currentMeasure: '94%', quarterMeasures: ['60%', '90%', '95%', '95%'], quarterGoals: ['Template agreed', 'All sev-1 reviewed', 'Actions tracked', 'Quarterly trends'] },
      { key: 'coo-tooling', description: 'Consolidate internal tooling licences', owner: 'marcus', status: 'in_progress', progress: 65, due: '01-31', values: [0] },
    ],
    obstacles: [
      { description: 'ERP integration for accruals is not yet approved', owner: 'coo', impact: 'The close stays manual for two entities', mitigation: 'Interim spreadsheet controls; escalate integration budget', methods: ['coo-close'] },
      { description: 'Vendor renewal dates cluster in the same month', owner: 'omar', impact: 'Too many negotiations at once weaken our position', mitigation: 'Start negotiations 120 days ahead; stagger renewals', methods: ['coo-vendor', 'coo-procurement'] },
    ],
    measures: [
      { description: 'Operating expense as % of revenue', target: '38%', current: '41%', status: 'on_track' },
      { description: 'Working days to close', target: '5', current: '6', status: 'on_track' },
    ],
  },
  {
    title: 'In-Life Customer Growth',
    owner: 'priya',
    level: 'team', department: 'BU In-Life', parent: 'AI-Assisted Go-To-Market',
    quarter: 'q1',
    status: 'completed',
    vision: 'Customers grow with us because we help them get more value every quarter.',
    values: ['Value before upsell', 'Proactive, not reactive'],
    methods: [
      { key: 'life-qbr', description: 'Hold quarterly value reviews with the top 100 accounts', owner: 'priya', status: 'completed', progress: 100, due: '10-31', values: [0, 1], forCooTracking: true, measure: 'Top accounts with a value review', currentMeasure: '100 of 100', quarterMeasures: ['100', '100', '100', '100'], quarterGoals: ['Top 100 reviewed', 'Value stories captured', 'Expansion plays agreed', 'Renewals secured'], supports: 'ai-account-research' },
      { key: 'life-churn', description: 'Introduce churn-risk alerts from product usage', owner: 'leila', status: 'completed', progress: 100, due: '09-30', values: [1] },
      { key: 'life-expansion', description: 'Package two expansion offers for existing customers', owner: 'priya', status: 'completed', progress: 90, due: '10-15', values: [0], updates: 'Both offers launched; 14 deals closed.' },
    ],
    obstacles: [
      { description: 'Usage data arrives a week late', owner: 'leila', impact: 'Churn alerts fire after the customer has disengaged', mitigation: 'Daily usage export from the product warehouse', methods: ['life-churn'] },
    ],
    measures: [
      { description: 'Net revenue retention', target: '115%', current: '118%', status: 'achieved' },
      { description: 'Gross churn', target: '< 6%', current: '5.2%', status: 'achieved' },
    ],
  },
  {
    title: 'COO Ops Data and Reporting',
    owner: 'omar',
    level: 'team', department: 'COO Ops', parent: 'Operations Excellence',
    quarter: 'q4',
    status: 'draft',
    vision: 'Leaders answer their own questions from trusted dashboards, the same day.',
    values: ['One definition per metric', 'Self-serve first'],
    methods: [
      { key: 'data-metrics', description: 'Agree company-wide definitions for the 20 core metrics', owner: 'omar', status: 'in_progress', progress: 20, due: '05-31', values: [0], supports: 'coo-close' },
      { key: 'data-dashboards', description: 'Build executive dashboards on the new warehouse', owner: 'leila', status: 'in_progress', progress: 30, due: '06-30', values: [1], linkedTo: 'data-metrics', supports: 'coo-headcount' },
      { key: 'data-training', description: 'Train department analysts on self-serve reporting', owner: 'omar', status: 'in_progress', progress: 25, due: '07-15', values: [1] },
    ],
    obstacles: [
      { description: 'Finance and Sales count bookings differently', owner: 'omar', impact: 'Two versions of revenue reach the board', mitigation: 'COO arbitration meeting with both owners', methods: ['data-metrics'] },
    ],
    measures: [{ description: 'Core metrics with an agreed definition', target: '20', current: '6', status: 'at_risk' }],
  },
  {
    title: 'Solution Portfolio Clarity',
    owner: 'grace',
    level: 'team', department: 'Solution Management', parent: COMPANY_TITLE,
    quarter: 'q4',
    status: 'at_risk',
    vision: 'Customers and sellers understand in one minute which solution fits which problem.',
    values: ['Fewer, clearer offers'],
    methods: [
      { key: 'sol-map', description: 'Map every SKU to a customer problem and retire duplicates', owner: 'grace', status: 'at_risk', progress: 10, due: '05-15', values: [0], update: 'Product and Sales disagree on three bundles.', supports: 'co-demand' },
      { key: 'sol-pages', description: 'Publish one solution page per customer problem', owner: 'marcus', status: 'not_started', progress: 0, due: '06-30', values: [0], linkedTo: 'sol-map' },
      { key: 'sol-training', description: 'Run solution-selling workshops for account executives', owner: 'grace', status: 'in_progress', progress: 20, due: '07-31', values: [0] },
    ],
    obstacles: [
      { description: 'No single owner for bundle decisions', owner: 'grace', impact: 'SKU retirement stalls', mitigation: 'Product council decides by the end of the quarter', methods: ['sol-map', 'sol-pages'] },
    ],
    measures: [{ description: 'Active SKUs', target: '40', current: '73', status: 'at_risk' }],
  },
  {
    title: 'BU GTM Pipeline Coverage',
    owner: 'hannah',
    level: 'team', department: 'BU GTM', parent: 'AI-Assisted Go-To-Market',
    quarter: 'q2',
    status: 'in_progress',
    vision: 'Three times pipeline coverage for every business unit, every quarter.',
    values: ['Pipeline is everyone\'s job', 'Inspect what we expect'],
    methods: [
      { key: 'bu-coverage', description: 'Weekly pipeline inspection with each business unit lead', owner: 'hannah', status: 'in_progress', progress: 50, due: '12-31', values: [1], forCooTracking: true, measure: 'Pipeline coverage ratio', currentMeasure: '2.6x', quarterMeasures: ['2.5x', '3.0x', '3.0x', '3.2x'], quarterGoals: ['Inspection cadence', 'Coverage by BU', 'Early-stage focus', 'Next-year pipeline'], supports: 'ai-forecast' },
      { key: 'bu-events', description: 'Co-host regional customer events with Marketing', owner: 'member', status: 'in_progress', progress: 40, due: '01-31', values: [0], linkedTo: 'mkt-webinars' },
      { key: 'bu-outbound', description: 'Stand up an outbound team for mid-market accounts', owner: 'hannah', status: 'in_progress', progress: 45, due: '01-15', values: [0, 1], l2Owner: 'Aisha Bello', supports: 'ai-account-research' },
      { key: 'bu-partners', description: 'Source pipeline through two strategic partners', owner: 'sofia', status: 'in_progress', progress: 65, due: '01-31', values: [0] },
    ],
    obstacles: [
      { description: 'Outbound hires start a month late', owner: 'hannah', impact: 'Mid-market pipeline gap in January', mitigation: 'Borrow two SDRs from Sales COE for six weeks', methods: ['bu-outbound', 'bu-coverage'] },
    ],
    measures: [{ description: 'Pipeline coverage', target: '3.0x', current: '2.6x', status: 'on_track' }],
  },
  // The cascade's top and its people's own V2MOMs come last, so the methods above keep the pasts they are drawn by.
  {
    title: COMPANY_TITLE,
    owner: 'coo',
    level: 'company',
    quarter: 'q2',
    status: 'in_progress',
    vision: 'We grow revenue faster than cost: AI-assisted sellers, demand we can predict, and operations that scale without friction.',
    values: ['Customers first', 'One plan, one rhythm', 'Responsible AI'],
    methods: [
      { key: 'co-ai-selling', description: 'Put AI-assisted selling in every go-to-market team', owner: 'coo', status: 'in_progress', progress: 50, due: '06-30', values: [0, 2], progressFrom: 'supporters_average', update: 'Progress follows the go-to-market teams that carry it.' },
      { key: 'co-demand', description: 'Build a predictable, brand-led demand engine', owner: 'member', status: 'in_progress', progress: 60, due: '06-30', values: [0, 1] },
      { key: 'co-lean-ops', description: 'Run operations that scale without adding cost', owner: 'coo', status: 'in_progress', progress: 65, due: '07-31', values: [1] },
    ],
    obstacles: [
      { description: 'Department plans were written before the company plan', owner: 'coo', impact: 'Some methods serve no company goal', mitigation: 'Each head aligns their methods in the next monthly review', methods: ['co-ai-selling', 'co-lean-ops'] },
    ],
    measures: [
      { description: 'Revenue growth', target: '30%', current: '22%', status: 'on_track' },
      { description: 'Operating expense as % of revenue', target: '38%', current: '41%', status: 'on_track' },
    ],
  },
  {
    title: 'Engineering On-Call Health',
    owner: 'leila',
    level: 'person',
    // Engineering and Product have no V2MOM of their own, so hers serves the company's.
    parent: COMPANY_TITLE,
    approval: 'approved',
    quarter: 'q2',
    status: 'in_progress',
    vision: 'Nobody on call is woken twice for the same problem.',
    values: ['Fix causes, not alerts'],
    methods: [
      { key: 'eng-alerts', description: 'Remove alerts nobody acted on in the last quarter', owner: 'leila', status: 'completed', progress: 90, due: '10-31', values: [0], supports: 'co-lean-ops' },
      { key: 'eng-runbooks', description: 'Write a runbook for every paging alert', owner: 'leila', status: 'in_progress', progress: 55, due: '01-31', values: [0] },
      { key: 'eng-rotation', description: 'Share the on-call rotation with the platform team', owner: 'leila', status: 'in_progress', progress: 40, due: '02-28', values: [0] },
    ],
    obstacles: [
      { description: 'Alert owners left with the last reorganisation', owner: 'leila', impact: 'Nobody dares remove an alert', mitigation: 'Every alert gets an owner before it is kept', methods: ['eng-alerts'] },
    ],
    measures: [{ description: 'Pages per week', target: '5', current: '9', status: 'on_track' }],
  },
  {
    title: 'Mid-Market Outbound Launch',
    owner: 'hannah',
    level: 'person',
    parent: 'BU GTM Pipeline Coverage',
    // Changed since approved and awaiting Logan Lee, her manager, so the approval flow has something in it.
    approval: 'submitted',
    quarter: 'q3',
    status: 'draft',
    vision: 'A mid-market outbound team that books its own pipeline from its first month.',
    values: ['Pipeline is everyone\'s job'],
    methods: [
      { key: 'out-hire', description: 'Hire and onboard four sales development reps', owner: 'hannah', status: 'in_progress', progress: 50, due: '01-31', values: [0], supports: 'bu-outbound' },
      { key: 'out-sequences', description: 'Write outbound sequences for the three core use cases', owner: 'hannah', status: 'in_progress', progress: 40, due: '02-15', values: [0], supports: 'bu-outbound' },
      { key: 'out-targets', description: 'Agree meeting targets per rep with Sales COE', owner: 'hannah', status: 'not_started', progress: 0, due: '02-28', values: [0] },
    ],
    obstacles: [
      { description: 'Two offers are still waiting on budget sign-off', owner: 'hannah', impact: 'The team starts at half strength', mitigation: 'Borrow two reps from Sales COE until the hires start', methods: ['out-hire'] },
    ],
    measures: [{ description: 'Meetings booked per rep per week', target: '8', current: '3', status: 'at_risk' }],
  },
];
