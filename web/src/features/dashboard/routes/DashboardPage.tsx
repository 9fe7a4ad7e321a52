import { PagePlaceholder } from '../../../components/PagePlaceholder.tsx';

export default function DashboardPage() {
  return <PagePlaceholder title="Dashboard" description="Your leadership equation, community stats and recent activity will appear here." />;
}
