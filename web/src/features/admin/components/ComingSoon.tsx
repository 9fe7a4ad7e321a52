import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** Modules, Plugins and Articles are 'coming soon' placeholders (spec 3 section 2). */
export function ComingSoon({ title }: { title: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary">Coming soon</Typography>
    </Paper>
  );
}
