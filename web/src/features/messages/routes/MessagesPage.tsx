import { PagePlaceholder } from '../../../components/PagePlaceholder.tsx';

export default function MessagesPage() {
  return <PagePlaceholder title="Messages" description="Your direct conversations with other members will appear here." />;
}
