import type { ComponentType, SVGProps } from 'react';
import { PATHS } from '@v2mom/contracts';
import {
  ActivityIcon,
  AlertIcon,
  BriefcaseIcon,
  ChartIcon,
  CheckSquareIcon,
  ClipboardIcon,
  DashboardIcon,
  DocumentIcon,
  ListIcon,
  SettingsIcon,
  SparklesIcon,
  UsersIcon,
} from '../../components/ui/icons';

const ICONS: Record<string, ComponentType<SVGProps<SVGSVGElement>>> = {
  [PATHS.dashboard]: DashboardIcon,
  [PATHS.myV2moms]: DocumentIcon,
  [PATHS.myMethods]: CheckSquareIcon,
  [PATHS.teamV2moms]: UsersIcon,
  [PATHS.alignment]: ActivityIcon,
  [PATHS.teamObstacles]: AlertIcon,
  [PATHS.itemsList]: ListIcon,
  [PATHS.keyMetrics]: ChartIcon,
  [PATHS.tasks]: ClipboardIcon,
  [PATHS.teamStatus]: ActivityIcon,
  [PATHS.chat]: SparklesIcon,
  [PATHS.cooView]: BriefcaseIcon,
  [PATHS.settings]: SettingsIcon,
};

export function NavIcon({ path }: { path: string }) {
  const Icon = ICONS[path] ?? DashboardIcon;
  return <Icon />;
}
