import { useParams } from 'react-router';
import { Page } from '../components/page';
import { ReminderLink } from '../features/reminders/reminder-link';

/** /r/:token — the one-tap link of a booking reminder (ADR 050); open to everyone. */
export default function ReminderLinkScreen() {
  const { token = '' } = useParams();
  return (
    <Page>
      <ReminderLink token={token} />
    </Page>
  );
}
