import { LegalDocument } from '../../features/legal/legal-document';

export default function TermsScreen() {
  return <LegalDocument doc="terms" />;
}
