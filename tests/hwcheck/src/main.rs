mod layouts;
mod values;
fn main() {
    println!("{}", layouts::LAYOUTS.len());
}
