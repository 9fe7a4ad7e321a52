import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { Component, type ReactNode } from 'react';
import { ADMIN_TEXTS } from '../admin-texts.ts';

interface State {
  failed: boolean;
}

/**
 * A render failure of the Forum Mods tab shows 'Forum Moderators Unavailable'
 * instead of taking the whole console down (React offers boundaries only as class components).
 */
export class ForumModsErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => this.setState({ failed: false })}>
            Try Again
          </Button>
        }
      >
        <AlertTitle>{ADMIN_TEXTS.forumModsUnavailable}</AlertTitle>
        {ADMIN_TEXTS.forumModsLoadFailed}
      </Alert>
    );
  }
}
