//! The two sides of the battle: the engine's seats, the Union (Grant's armies) and the
//! Confederacy (Lee's Army of Northern Virginia). One `Side` for the whole project.

pub use adjutant_engine::Side;
