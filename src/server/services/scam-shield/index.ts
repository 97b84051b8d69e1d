// The scam-shield domain's only door: code outside this folder imports from here.
