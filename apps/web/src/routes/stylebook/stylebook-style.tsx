import { StylebookBrowser } from '../../features/stylebook/components/stylebook-browser';

/** /stylebook/style/:gender/:type/:style/:substyle — the style book (ADR 013). */
export default function StylebookStyleScreen() {
  return <StylebookBrowser />;
}
