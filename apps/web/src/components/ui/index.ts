export {
  Button,
  ButtonLink,
  buttonClassName,
  type ButtonProps,
  type ButtonVariant,
} from './button';
export { IconButton } from './icon-button';
export { Card } from './card';
export { Chip, ChipLink } from './chip';
export { Input } from './input';
export { TextArea } from './text-area';
export { Select } from './select';
export { Checkbox } from './checkbox';
export { Sheet } from './sheet';
export { Skeleton } from './skeleton';
export { EmptyState } from './empty-state';
export { SectionHeader } from './section-header';
