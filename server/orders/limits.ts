/**
 * The most orders one place request (or legs one SPAN request) may carry. The client sends one
 * at a time; a basket holds at most 20 scrips (access-and-surroundings section 9), so 50 leaves
 * room, while a request of hundreds of thousands is refused before any is read instead of
 * holding the event loop while each is validated (issue 12).
 */
export const MAX_ORDERS_PER_REQUEST = 50;
