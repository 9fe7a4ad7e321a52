import GavelOutlinedIcon from '@mui/icons-material/GavelOutlined';
import { FORUM_CATEGORIES, type AdminUser, type ForumCategory, type ForumModerator } from '@crucible/proto';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useToast } from '../../../components/toast/toast-context.ts';
import { displayName, formatDateTime } from '../admin-format.ts';
import { ADMIN_TEXTS } from '../admin-texts.ts';
import { USER_PICKER_LIMIT } from '../api/admin-query-keys.ts';
import { useForumModerators } from '../api/get-forum-moderators.ts';
import { useGrantModerator } from '../api/grant-moderator.ts';
import { useRevokeModerator } from '../api/revoke-moderator.ts';
import { useAdminUsers } from '../api/get-admin-users.ts';
import { useAdminSubcategories } from '../api/get-subcategories.ts';
import { AdminTable } from './AdminTable.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { DialogForm } from './DialogForm.tsx';
import { ForumModsErrorBoundary } from './ForumModsErrorBoundary.tsx';
import { LevelSelect } from './LevelSelect.tsx';
import { SectionHeader } from './TabSection.tsx';
import { useDialogOutcome } from './use-dialog-outcome.ts';
import { useFailureToast } from './use-failure-toast.ts';
import { MemberLink } from '../../../components/MemberLink.tsx';

const MODERATOR_HEADINGS = ['Moderator', 'Scope', 'Granted', 'Status', 'Actions'];

/** Forum Mods, inside its own error boundary. */
export function ForumModsTab() {
  return (
    <ForumModsErrorBoundary>
      <ForumModsContent />
    </ForumModsErrorBoundary>
  );
}

function ForumModsContent() {
  const moderators = useForumModerators();
  const subcategories = useAdminSubcategories();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<ForumModerator | null>(null);
  const revoke = useRevokeModerator();
  const showToast = useToast();
  const toastFailure = useFailureToast();
  const subcategoryName = new Map(subcategories.data?.map((subcategory) => [subcategory.id, subcategory.name]));

  const scopeOf = (moderator: ForumModerator) => {
    if (moderator.subcategoryId)
      return `Category: ${subcategoryName.get(moderator.subcategoryId) ?? moderator.subcategoryId}`;
    if (moderator.category) return `${moderator.category} forum`;
    return 'All forums';
  };

  const confirmRemove = () => {
    if (!removing) return;
    revoke.mutate(removing.id, {
      onSuccess: () => showToast({ severity: 'success', title: ADMIN_TEXTS.moderatorRemoved }),
      onError: (error) => toastFailure(ADMIN_TEXTS.moderatorRemoveFailed, error),
      onSettled: () => setRemoving(null),
    });
  };

  return (
    <>
      <SectionHeader title="Forum Moderators">
        <Button variant="contained" onClick={() => setAdding(true)}>
          Add Moderator
        </Button>
      </SectionHeader>
      <AdminTable
        query={moderators}
        failedText={ADMIN_TEXTS.forumModsLoadFailed}
        loadingLabel="Loading forum moderators"
        retry={false}
        label="Forum moderators"
        headings={MODERATOR_HEADINGS}
        rows={moderators.data}
        empty={{
          icon: <GavelOutlinedIcon />,
          text: 'No forum moderators yet',
          action: <Button onClick={() => setAdding(true)}>Appoint the First Moderator</Button>,
        }}
        renderRow={(moderator) => {
          const name = moderator.user ? displayName(moderator.user) : moderator.userId;
          return (
            <TableRow key={moderator.id}>
              <TableCell>
                <MemberLink userId={moderator.userId}>{name}</MemberLink>
              </TableCell>
              <TableCell>{scopeOf(moderator)}</TableCell>
              <TableCell>{formatDateTime(moderator.grantedAt)}</TableCell>
              <TableCell>{moderator.isActive ? 'Active' : 'Inactive'}</TableCell>
              <TableCell>
                <Button size="small" color="error" onClick={() => setRemoving(moderator)} aria-label={`Remove ${name}`}>
                  Remove
                </Button>
              </TableCell>
            </TableRow>
          );
        }}
      />
      <Dialog open={adding} onClose={() => setAdding(false)} fullWidth maxWidth="sm">
        {adding && <AddModeratorForm onClose={() => setAdding(false)} />}
      </Dialog>
      <ConfirmDialog
        open={removing !== null}
        title="Remove forum moderator"
        message={`Remove ${removing?.user ? displayName(removing.user) : 'this moderator'} from ${removing ? scopeOf(removing) : ''}?`}
        confirmLabel="Remove"
        pending={revoke.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}

type Scope = 'all' | 'category' | 'subcategory';

function AddModeratorForm({ onClose }: { onClose: () => void }) {
  const users = useAdminUsers({ limit: USER_PICKER_LIMIT, offset: 0 });
  const subcategories = useAdminSubcategories();
  const [user, setUser] = useState<AdminUser | null>(null);
  const [scope, setScope] = useState<Scope>('all');
  const [category, setCategory] = useState<ForumCategory>('Core');
  const [subcategoryId, setSubcategoryId] = useState('');
  const grant = useGrantModerator();
  const { problem, setProblem, callbacks } = useDialogOutcome({
    succeeded: ADMIN_TEXTS.moderatorAdded,
    failed: ADMIN_TEXTS.moderatorAddFailed,
    problemNamesFailure: true,
    onClose,
  });

  const submit = () => {
    if (!user) {
      setProblem(ADMIN_TEXTS.selectUser);
      return;
    }
    if (scope === 'subcategory' && !subcategoryId) {
      setProblem('Please select a category');
      return;
    }
    setProblem(null);
    grant.mutate(
      {
        userId: user.id,
        ...(scope === 'category' ? { category } : {}),
        ...(scope === 'subcategory' ? { subcategoryId } : {}),
      },
      callbacks,
    );
  };

  return (
    <DialogForm
      title="Add Forum Moderator"
      problem={problem}
      submitLabel="Add Moderator"
      pending={grant.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Autocomplete
          options={users.data?.users ?? []}
          loading={users.isPending}
          value={user}
          onChange={(_event, picked) => setUser(picked)}
          getOptionLabel={(option) => `${displayName(option)} (${option.email})`}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          renderInput={(params) => (
            <TextField {...params} label="User" required error={problem === ADMIN_TEXTS.selectUser} />
          )}
        />
        <TextField select label="Scope" value={scope} onChange={(e) => setScope(e.target.value as Scope)}>
          <MenuItem value="all">All forums</MenuItem>
          <MenuItem value="category">One forum level</MenuItem>
          <MenuItem value="subcategory">One category</MenuItem>
        </TextField>
        {scope === 'category' && (
          <LevelSelect label="Forum" value={category} levels={FORUM_CATEGORIES} onChange={setCategory} />
        )}
        {scope === 'subcategory' && (
          <TextField select label="Category" value={subcategoryId} onChange={(e) => setSubcategoryId(e.target.value)}>
            {(subcategories.data ?? []).map((subcategory) => (
              <MenuItem key={subcategory.id} value={subcategory.id}>
                {subcategory.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
    </DialogForm>
  );
}
