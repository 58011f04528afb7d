// Money is stored in whole paise and travels as rupees (D4); the contract
// converts, for the server and the web alike.
export { paiseToRupees, rupeesToPaise } from '#contract';
