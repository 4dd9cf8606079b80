// Transitional: server/orders/engine.ts still imports mwTopic from here (the lead switches it to
// src/core/topics after the engine split merges, then this file goes). Import src/core/topics.
export * from "../core/topics";
