import { PagePlaceholder } from '../../../components/PagePlaceholder.tsx';

export default function EditProfilePage() {
  return <PagePlaceholder title="Edit Profile" description="The form to edit your profile will appear here." />;
}
