// Self-hosted Noto Sans KR and JP (400/500/700). Vite copies the WOFF2 files into the build;
// unicode-range subsets mean a page only downloads the glyph ranges it shows.
import '@fontsource/noto-sans-kr/400.css';
import '@fontsource/noto-sans-kr/500.css';
import '@fontsource/noto-sans-kr/700.css';
import '@fontsource/noto-sans-jp/400.css';
import '@fontsource/noto-sans-jp/500.css';
import '@fontsource/noto-sans-jp/700.css';
