/**
 * The checkout feature's public face: the rest of the app imports only this
 * (the checkout route). Inside: rules/ (pure: form errors, method choice, the order payload),
 * hooks/ (state, calls and order placing: the view model), components/ (render only).
 */
export { Checkout } from './Checkout';
