import { PagePlaceholder } from '../../../components/PagePlaceholder.tsx';

export default function ProfilePage() {
  return <PagePlaceholder title="Profile" description="This member's leadership profile will appear here." />;
}
