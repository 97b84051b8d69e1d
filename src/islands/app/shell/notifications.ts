/** Spec: the mobile menu's Profile only logs to the console (the bell and Notifications now open the notifications). */
export const logProfile = () => console.log('Profile clicked');
