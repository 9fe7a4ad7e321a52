import { PagePlaceholder } from '../../../components/PagePlaceholder.tsx';

export default function ProjectsPage() {
  return <PagePlaceholder title="Projects" description="Core projects and their tasks will appear here." />;
}
