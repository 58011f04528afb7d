import type { ReactNode, SVGProps } from 'react';

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  /** Gives the icon an accessible name; without it the icon is decorative and hidden from assistive tech. */
  title?: string;
}

function Icon({
  title,
  children,
  viewBox = '0 0 24 24',
  className = 'size-5',
  ...props
}: IconProps & { children: ReactNode }) {
  if (title) {
    return (
      <svg viewBox={viewBox} className={className} role="img" aria-label={title} {...props}>
        <title>{title}</title>
        {children}
      </svg>
    );
  }
  return (
    <svg viewBox={viewBox} className={className} aria-hidden="true" focusable="false" {...props}>
      {children}
    </svg>
  );
}

/** Outline icons share one stroke style. */
function OutlineIcon({ children, ...props }: IconProps & { children: ReactNode }) {
  return (
    <Icon
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      {...props}
    >
      {children}
    </Icon>
  );
}

export function SearchIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </OutlineIcon>
  );
}

export function CartIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M6 7h12l-1 13H7L6 7Z" />
      <path d="M9 7V6a3 3 0 0 1 6 0v1" />
    </OutlineIcon>
  );
}

export function UserIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </OutlineIcon>
  );
}

export function MenuIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </OutlineIcon>
  );
}

export function CloseIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M6 6l12 12M18 6 6 18" />
    </OutlineIcon>
  );
}

export function ChevronDownIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="m6 9 6 6 6-6" />
    </OutlineIcon>
  );
}

export function ArrowRightIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M5 12h14M13 6l6 6-6 6" />
    </OutlineIcon>
  );
}

/** A star in a 24 × 24 box (the star icon, and each of a rating's stars). */
export const STAR_PATH =
  'M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8L12 2.8Z';

export function StarIcon(props: IconProps) {
  return (
    <Icon fill="currentColor" {...props}>
      <path d={STAR_PATH} />
    </Icon>
  );
}

export function ReturnIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M9 14 4 9l5-5" />
      <path d="M4 9h11a5 5 0 0 1 0 10h-3" />
    </OutlineIcon>
  );
}

export function ExchangeIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M7 4 3 8l4 4" />
      <path d="M3 8h14" />
      <path d="m17 20 4-4-4-4" />
      <path d="M21 16H7" />
    </OutlineIcon>
  );
}

export function SupportIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M4 13v-1a8 8 0 0 1 16 0v1" />
      <rect x="3" y="13" width="4" height="6" rx="1.5" />
      <rect x="17" y="13" width="4" height="6" rx="1.5" />
      <path d="M19 19a3 3 0 0 1-3 3h-3" />
    </OutlineIcon>
  );
}

export function MailIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </OutlineIcon>
  );
}

export function InstagramIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="0.8" fill="currentColor" stroke="none" />
    </OutlineIcon>
  );
}

export function FacebookIcon(props: IconProps) {
  return (
    <Icon fill="currentColor" {...props}>
      <path d="M13.5 21v-7.5h2.6l.4-3h-3V8.6c0-.9.3-1.5 1.6-1.5h1.6V4.4a21 21 0 0 0-2.4-.1c-2.4 0-4 1.4-4 4.1v2.1H7.7v3h2.6V21h3.2Z" />
    </Icon>
  );
}

export function XIcon(props: IconProps) {
  return (
    <Icon fill="currentColor" {...props}>
      <path d="M17.3 3h3.1l-6.8 7.7 8 10.3h-6.3l-4.9-6.4L4.8 21H1.7l7.3-8.3L1.4 3h6.4l4.4 5.9L17.3 3Zm-1.1 16.2h1.7L6.9 4.7H5.1l11.1 14.5Z" />
    </Icon>
  );
}

export function YouTubeIcon(props: IconProps) {
  return (
    <Icon fill="currentColor" {...props}>
      <path d="M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4A2.5 2.5 0 0 0 2.4 7.2 26 26 0 0 0 2 12a26 26 0 0 0 .4 4.8 2.5 2.5 0 0 0 1.8 1.8c1.6.4 7.8.4 7.8.4s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8A26 26 0 0 0 22 12a26 26 0 0 0-.4-4.8ZM10 15V9l5.2 3L10 15Z" />
    </Icon>
  );
}

/** A heart outline; `filled` fills it (a saved product, D33). */
export function HeartIcon({ filled = false, ...props }: IconProps & { filled?: boolean }) {
  return (
    <OutlineIcon {...props} fill={filled ? 'currentColor' : 'none'}>
      <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10Z" />
    </OutlineIcon>
  );
}

export function EyeIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
    </OutlineIcon>
  );
}

export function EyeOffIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M10.6 5.1A10 10 0 0 1 12 5c6.5 0 10 7 10 7a17 17 0 0 1-2.6 3.5M6.6 6.6C3.6 8.5 2 12 2 12s3.5 7 10 7a9.7 9.7 0 0 0 5.4-1.6" />
      <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
      <path d="m3 3 18 18" />
    </OutlineIcon>
  );
}

export function PhoneIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2Z" />
    </OutlineIcon>
  );
}

export function ClockIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </OutlineIcon>
  );
}

export function PrinterIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M7 9V3h10v6" />
      <rect x="3" y="9" width="18" height="8" rx="2" />
      <path d="M7 14h10v7H7z" />
    </OutlineIcon>
  );
}

export function TruckIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M3 6h11v10H3z" />
      <path d="M14 9h4l3 3v4h-7" />
      <circle cx="7" cy="17.5" r="1.8" />
      <circle cx="17" cy="17.5" r="1.8" />
    </OutlineIcon>
  );
}

export function CheckIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="m5 12.5 4.5 4.5L19 7.5" />
    </OutlineIcon>
  );
}

export function PlusIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M12 5v14M5 12h14" />
    </OutlineIcon>
  );
}

export function MinusIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M5 12h14" />
    </OutlineIcon>
  );
}

export function TrashIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
    </OutlineIcon>
  );
}

export function PencilIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M4 20h4L19 9l-4-4L4 16v4Z" />
      <path d="m13.5 6.5 4 4" />
    </OutlineIcon>
  );
}

export function TagIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M3 12V4h8l10 10-8 8L3 12Z" />
      <circle cx="7.5" cy="8.5" r="1.5" />
    </OutlineIcon>
  );
}

export function GiftIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <rect x="3" y="8" width="18" height="4" rx="1" />
      <path d="M5 12v9h14v-9M12 8v13" />
      <path d="M12 8C10 4 6.5 4.5 7 6.5S12 8 12 8Zm0 0c2-4 5.5-3.5 5-1.5S12 8 12 8Z" />
    </OutlineIcon>
  );
}

export function FilterIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0" />
      <circle cx="16" cy="6" r="2" />
      <circle cx="10" cy="12" r="2" />
      <circle cx="18" cy="18" r="2" />
    </OutlineIcon>
  );
}

/** The shop's mark: a tee in a rounded square. */
export function LogoMark(props: IconProps) {
  return (
    <Icon viewBox="0 0 32 32" {...props}>
      <rect width="32" height="32" rx="8" fill="currentColor" />
      <path
        d="M11.5 7.5 7 10l2 4.2 2-.9V24.5h10V13.3l2 .9L25 10l-4.5-2.5c-.7 1.6-2.6 2.7-4.5 2.7s-3.8-1.1-4.5-2.7Z"
        fill="#fff"
      />
    </Icon>
  );
}
