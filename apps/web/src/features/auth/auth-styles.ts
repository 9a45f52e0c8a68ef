import form from '../../components/form.module.css';
import own from './auth.module.css';

/** The shared form layout plus the sign-in and settings screens' own classes. */
export const styles: Readonly<Record<string, string>> = { ...form, ...own };
