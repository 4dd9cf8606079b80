export * from "./exchange";
export * from "./orderStatus";
export * from "./order";
export * from "./portfolio";
export * from "./contract";
export * from "./gtt";
export * from "./orderWindow";
export * from "./orderUpdate";
