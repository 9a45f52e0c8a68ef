import { InquiryForm } from '../../features/support/inquiry-form';

export default function PartnershipScreen() {
  return <InquiryForm kind="partnership" />;
}
