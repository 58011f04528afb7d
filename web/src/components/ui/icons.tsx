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

export function StarIcon(props: IconProps) {
  return (
    <Icon fill="currentColor" {...props}>
      <path d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8L12 2.8Z" />
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
