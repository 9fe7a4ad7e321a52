import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Quota } from '@crucible/proto';
import { formatMegabytes, formatPercent, quotaBarColor, quotaWarningLevel, usagePercent } from '../message-rules.ts';

export function QuotaCard({ quota }: { quota: Quota }) {
  const percent = usagePercent(quota.usedBytes, quota.maxBytes);
  const level = quotaWarningLevel(quota);
  const color = quotaBarColor(percent);
  return (
    <Card variant="outlined" component="section" aria-labelledby="quota-heading">
      <CardContent>
        <Stack spacing={1}>
          <Typography id="quota-heading" variant="h6" component="h2">
            Message storage
          </Typography>
          <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', columnGap: 1 }}>
            <Typography variant="body2">
              {formatMegabytes(quota.usedBytes)} of {formatMegabytes(quota.maxBytes)} used
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="quota-percent">
              {formatPercent(percent)}
            </Typography>
          </Stack>
          <LinearProgress
            variant="determinate"
            value={Math.min(100, percent)}
            color={color}
            aria-label="Message storage used"
            aria-valuetext={formatPercent(percent)}
            data-color={color}
            sx={{ height: 8, borderRadius: 4 }}
          />
          {level > 0 && (
            <Alert severity={level === 3 ? 'error' : 'warning'} variant="outlined">
              {level === 3
                ? 'Your message storage is almost full. Delete messages to keep sending.'
                : 'Your message storage is filling up.'}
            </Alert>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
