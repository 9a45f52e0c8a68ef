/** The Carol mark: a berry tile with an open "C". */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="18" fill="#a3264f" />
      <path
        d="M41.5 22.6a13 13 0 1 0 0 18.8"
        fill="none"
        stroke="#fff"
        strokeWidth="6"
        strokeLinecap="round"
      />
      <circle cx="45" cy="32" r="3.2" fill="#f6d3dc" />
    </svg>
  );
}
