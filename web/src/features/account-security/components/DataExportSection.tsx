import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DATA_EXPORT_TTL_HOURS, type DataExport } from '@crucible/proto';
import { useToast } from '../../../components/toast/toast-context.ts';
import { useDataExportLink } from '../api/get-data-export-link.ts';
import { isBuilding, useDataExports } from '../api/list-data-exports.ts';
import { useStartDataExport } from '../api/start-data-export.ts';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function sizeOf(bytes: number | null): string {
  if (bytes === null) return '';
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function ExportProgress({ item }: { item: DataExport }) {
  const percent = item.partsTotal === 0 ? 0 : Math.round((item.partsDone / item.partsTotal) * 100);
  return (
    <Stack spacing={1}>
      <Typography>
        Gathering your data: {item.partsDone} of {item.partsTotal} parts.
      </Typography>
      <LinearProgress variant="determinate" value={percent} aria-label="Export progress" />
    </Stack>
  );
}

/**
 * 'Download my data': the member asks for a zip of everything they own or wrote; it is built in the
 * background (the list is polled for progress), mailed when ready and kept DATA_EXPORT_TTL_HOURS.
 */
export function DataExportSection() {
  const exports = useDataExports();
  const start = useStartDataExport();
  const link = useDataExportLink();
  const showToast = useToast();
  const latest = exports.data?.[0];
  const building = isBuilding(latest);

  const download = (item: DataExport) =>
    link.mutate(item.id, {
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (error) => showToast({ severity: 'error', title: 'Could not download', description: error.message }),
    });

  return (
    <Card component="section" aria-labelledby="data-export-heading">
      <CardContent>
        <Stack spacing={2}>
          <Typography id="data-export-heading" variant="h6" component="h2">
            Download my data
          </Typography>
          <Typography color="text.secondary">
            A zip of everything you own or wrote here: your account, profile, forum posts and votes, files, direct
            messages, chat messages, projects, tasks and notifications. We e-mail you when it is ready; it can be
            downloaded for {DATA_EXPORT_TTL_HOURS} hours.
          </Typography>
          {exports.isError && (
            <Alert severity="error" action={<Button onClick={() => void exports.refetch()}>Try Again</Button>}>
              Could not load your exports.
            </Alert>
          )}
          {latest && building && <ExportProgress item={latest} />}
          {latest?.status === 'ready' && (
            <Alert
              severity="success"
              action={
                <Button loading={link.isPending} onClick={() => download(latest)}>
                  Download
                </Button>
              }
            >
              Your export of {when(latest.createdAt)} is ready ({sizeOf(latest.sizeBytes)}), until{' '}
              {latest.expiresAt ? when(latest.expiresAt) : 'tomorrow'}.
            </Alert>
          )}
          {latest?.status === 'failed' && <Alert severity="error">{latest.error ?? 'The export failed.'}</Alert>}
          {latest?.status === 'expired' && (
            <Typography color="text.secondary">Your last export has expired and was deleted.</Typography>
          )}
          <div>
            <Button
              variant="contained"
              disabled={building || exports.isPending}
              loading={start.isPending}
              onClick={() =>
                start.mutate(undefined, {
                  onError: (error) =>
                    showToast({ severity: 'error', title: 'Could not start the export', description: error.message }),
                })
              }
            >
              {latest?.status === 'ready' ? 'Export Again' : 'Export My Data'}
            </Button>
          </div>
        </Stack>
      </CardContent>
    </Card>
  );
}
