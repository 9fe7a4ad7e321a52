import { PagePlaceholder } from '../../../components/PagePlaceholder.tsx';

export default function AdminPage() {
  return <PagePlaceholder title="Admin" description="User management and moderation tools will appear here." />;
}
