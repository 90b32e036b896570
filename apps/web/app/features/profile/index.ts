// The player's profile (`/profile`, docs/rules/routes-and-guards.md "Pages"): tabs and the
// personal-info popup. Route modules compose these.
export { ProfileNav, PROFILE_TABS, useProfilePlayer } from './profile-nav';
export { ProfileMain } from './main-tab';
export { ProfileSecurity } from './security-tab';
export { ProfileVerification } from './verification-tab';
export { PersonalInfoModal } from './personal-info';
export { DetailsForm } from './details-form';
export { needsPersonalInfo, PERSONAL_INFO_FIELDS } from './details-rules';
export { loadProfileInfo } from './profile-data';
// The game provider's fields before real play (docs/rules/fields.md "Before real play").
export { ProviderFieldsModal, useProviderFieldsCheck } from './provider-fields';
