/** Spec: the mobile menu's Profile only logs to the console (the bell and the Notifications item open the notifications). */
export const logProfile = () => console.log('Profile clicked');
