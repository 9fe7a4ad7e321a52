import { PagePlaceholder } from '../../../components/PagePlaceholder.tsx';

export default function ForumsPage() {
  return <PagePlaceholder title="Forums" description="Discussions for each membership tier will appear here." />;
}
