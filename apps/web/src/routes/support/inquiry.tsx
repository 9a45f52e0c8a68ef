import { InquiryForm } from '../../features/support/inquiry-form';

export default function InquiryScreen() {
  return <InquiryForm kind="general" />;
}
