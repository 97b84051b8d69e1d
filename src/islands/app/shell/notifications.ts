/** Spec: the notifications bell (and the mobile menu's Notifications and Profile) only log to the console. */
export const logNotifications = () => console.log('Notifications clicked');
export const logProfile = () => console.log('Profile clicked');
