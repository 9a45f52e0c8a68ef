import { LegalDocument } from '../../features/legal/legal-document';

export default function PrivacyScreen() {
  return <LegalDocument doc="privacy" />;
}
